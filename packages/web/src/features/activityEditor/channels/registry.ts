import type { Channel } from '@herald/protocol';
import type { ComponentType } from 'react';
import type { ChannelContents, ChannelEditorProps } from './channelEditor.ts';
import { DisplayAdEditor } from './displayad/DisplayAdEditor.tsx';
import { LineEditor } from './line/LineEditor.tsx';
import { PushEditor } from './push/PushEditor.tsx';
import { SmsEditor } from './sms/SmsEditor.tsx';
import { startingContents } from './startingContents.ts';
import { WebEditor } from './web/WebEditor.tsx';
import { WhatsAppEditor } from './whatsapp/WhatsAppEditor.tsx';

/** One channel's editor and the content a new activity of that channel starts from. */
export interface ChannelEditorEntry<C extends Channel> {
  Editor: ComponentType<ChannelEditorProps<C>>;
  starting: (activityName: string) => ChannelContents[C];
}

/** The editors of the channels other than e-mail (which has the block editor). */
export const channelEditors: { [C in Exclude<Channel, 'email'>]?: ChannelEditorEntry<C> } = {
  sms: { Editor: SmsEditor, starting: startingContents.sms },
  pushnotification: { Editor: PushEditor, starting: startingContents.pushnotification },
  whatsapp: { Editor: WhatsAppEditor, starting: startingContents.whatsapp },
  line: { Editor: LineEditor, starting: startingContents.line },
  web: { Editor: WebEditor, starting: startingContents.web },
  displayad: { Editor: DisplayAdEditor, starting: startingContents.displayad },
};
