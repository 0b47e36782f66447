import type { Channel } from '@herald/protocol';
import type { ComponentType } from 'react';
import type { ChannelContents, ChannelEditorProps } from './channelEditor.ts';

/** One channel's editor and the content a new activity of that channel starts from. */
export interface ChannelEditorEntry<C extends Channel> {
  Editor: ComponentType<ChannelEditorProps<C>>;
  starting: (activityName: string) => ChannelContents[C];
}

/** The editors of the channels other than e-mail (which has the block editor), filled in as they are built. */
export const channelEditors: { [C in Exclude<Channel, 'email'>]?: ChannelEditorEntry<C> } = {};
