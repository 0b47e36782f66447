import type {
  ActivityRecord,
  Channel,
  DisplayAdContent,
  EmailContent,
  LineContent,
  PushContent,
  SmsContent,
  WebContent,
  WhatsAppContent,
} from '@herald/protocol';

/** What each channel's part of a revision's content holds (PROTOCOL §7, `content.channels.<type>`). */
export interface ChannelContents {
  email: EmailContent;
  sms: SmsContent;
  pushnotification: PushContent;
  whatsapp: WhatsAppContent;
  web: WebContent;
  line: LineContent;
  displayad: DisplayAdContent;
}

/**
 * What the editor page gives a channel's editor. The page owns the draft, saving it as a revision and the
 * preview recipient; an editor shows the fields and its own preview of `content`, and reports each change.
 */
export interface ChannelEditorProps<C extends Channel> {
  activity: ActivityRecord;
  /** The draft: the latest revision's content of this channel, or the channel's starting content. */
  content: ChannelContents[C];
  onChange: (content: ChannelContents[C]) => void;
  /** The user may not write content (no content-edit, or the activity is archived). */
  readOnly: boolean;
}
