/**
 * The text of the public tracking pages (unsubscribe and preferences) in the console's five languages. The
 * pages are rendered by the server, outside the web app and its i18n bundle, so their few sentences live here,
 * under the names the web app's `tracking` key group would give them, and the language is chosen from the
 * reader's Accept-Language (English when nothing fits). `{organization}` and `{lists}` are filled in, escaped.
 */
export const PAGE_LOCALES = ['en', 'id', 'ja', 'zh-Hans', 'zh-Hant'] as const;
export type PageLocale = (typeof PAGE_LOCALES)[number];

const en = {
  unsubscribeTitle: 'Unsubscribe',
  unsubscribeFromLists: 'Stop receiving messages of {lists} from {organization}?',
  unsubscribeFromAll: 'Stop receiving messages from {organization}?',
  confirmUnsubscribe: 'Unsubscribe',
  choosePreferences: 'Choose which lists to stay on instead',
  unsubscribedTitle: 'You are unsubscribed',
  unsubscribedFromLists: 'You will no longer receive messages of {lists} from {organization}.',
  unsubscribedFromAll: 'You will no longer receive messages from {organization}.',
  preferencesTitle: 'Your subscriptions',
  preferencesIntro: 'Tick the lists of {organization} you want to stay on.',
  listsLegend: 'Lists',
  noLists: 'You are on none of the lists of {organization}.',
  leaveEverything: 'Unsubscribe from everything',
  savePreferences: 'Save my choices',
  preferencesSaved: 'Your choices are saved.',
  globallyUnsubscribed: 'You receive no messages from {organization}.',
  notFoundTitle: 'Link not found',
  notFound: 'This link is not valid.',
};
export type PageTextKey = keyof typeof en;

const PAGE_TEXT: Readonly<Record<PageLocale, Readonly<Record<PageTextKey, string>>>> = {
  en,
  id: {
    unsubscribeTitle: 'Berhenti berlangganan',
    unsubscribeFromLists: 'Berhenti menerima pesan {lists} dari {organization}?',
    unsubscribeFromAll: 'Berhenti menerima pesan dari {organization}?',
    confirmUnsubscribe: 'Berhenti berlangganan',
    choosePreferences: 'Pilih daftar yang ingin tetap Anda ikuti',
    unsubscribedTitle: 'Anda telah berhenti berlangganan',
    unsubscribedFromLists: 'Anda tidak akan lagi menerima pesan {lists} dari {organization}.',
    unsubscribedFromAll: 'Anda tidak akan lagi menerima pesan dari {organization}.',
    preferencesTitle: 'Langganan Anda',
    preferencesIntro: 'Centang daftar {organization} yang ingin tetap Anda ikuti.',
    listsLegend: 'Daftar',
    noLists: 'Anda tidak terdaftar di daftar mana pun dari {organization}.',
    leaveEverything: 'Berhenti berlangganan dari semuanya',
    savePreferences: 'Simpan pilihan saya',
    preferencesSaved: 'Pilihan Anda telah disimpan.',
    globallyUnsubscribed: 'Anda tidak menerima pesan apa pun dari {organization}.',
    notFoundTitle: 'Tautan tidak ditemukan',
    notFound: 'Tautan ini tidak valid.',
  },
  ja: {
    unsubscribeTitle: '配信停止',
    unsubscribeFromLists: '{organization} の {lists} のメッセージの受信を停止しますか?',
    unsubscribeFromAll: '{organization} からのメッセージの受信を停止しますか?',
    confirmUnsubscribe: '配信を停止する',
    choosePreferences: '購読を続けるリストを選ぶ',
    unsubscribedTitle: '配信を停止しました',
    unsubscribedFromLists: '{organization} の {lists} のメッセージは今後届きません。',
    unsubscribedFromAll: '{organization} からのメッセージは今後届きません。',
    preferencesTitle: '購読の設定',
    preferencesIntro: '購読を続ける {organization} のリストにチェックを入れてください。',
    listsLegend: 'リスト',
    noLists: '{organization} のリストには登録されていません。',
    leaveEverything: 'すべての配信を停止する',
    savePreferences: '選択を保存する',
    preferencesSaved: '選択を保存しました。',
    globallyUnsubscribed: '{organization} からのメッセージはすべて停止されています。',
    notFoundTitle: 'リンクが見つかりません',
    notFound: 'このリンクは無効です。',
  },
  'zh-Hans': {
    unsubscribeTitle: '退订',
    unsubscribeFromLists: '不再接收 {organization} 的 {lists} 消息?',
    unsubscribeFromAll: '不再接收 {organization} 的消息?',
    confirmUnsubscribe: '退订',
    choosePreferences: '改为选择要保留的列表',
    unsubscribedTitle: '您已退订',
    unsubscribedFromLists: '您将不再收到 {organization} 的 {lists} 消息。',
    unsubscribedFromAll: '您将不再收到 {organization} 的消息。',
    preferencesTitle: '您的订阅',
    preferencesIntro: '勾选您想保留的 {organization} 列表。',
    listsLegend: '列表',
    noLists: '您不在 {organization} 的任何列表中。',
    leaveEverything: '全部退订',
    savePreferences: '保存我的选择',
    preferencesSaved: '您的选择已保存。',
    globallyUnsubscribed: '您不会收到 {organization} 的任何消息。',
    notFoundTitle: '未找到链接',
    notFound: '此链接无效。',
  },
  'zh-Hant': {
    unsubscribeTitle: '取消訂閱',
    unsubscribeFromLists: '不再接收 {organization} 的 {lists} 訊息?',
    unsubscribeFromAll: '不再接收 {organization} 的訊息?',
    confirmUnsubscribe: '取消訂閱',
    choosePreferences: '改為選擇要保留的清單',
    unsubscribedTitle: '您已取消訂閱',
    unsubscribedFromLists: '您將不再收到 {organization} 的 {lists} 訊息。',
    unsubscribedFromAll: '您將不再收到 {organization} 的訊息。',
    preferencesTitle: '您的訂閱',
    preferencesIntro: '勾選您想保留的 {organization} 清單。',
    listsLegend: '清單',
    noLists: '您不在 {organization} 的任何清單中。',
    leaveEverything: '全部取消訂閱',
    savePreferences: '儲存我的選擇',
    preferencesSaved: '您的選擇已儲存。',
    globallyUnsubscribed: '您不會收到 {organization} 的任何訊息。',
    notFoundTitle: '找不到連結',
    notFound: '此連結無效。',
  },
};

/** The page text of a locale. */
export function pageText(locale: PageLocale): Readonly<Record<PageTextKey, string>> {
  return PAGE_TEXT[locale];
}

/**
 * The reader's language from Accept-Language, best quality first: Chinese by script or region (TW, HK and MO
 * read Traditional), Indonesian also under its old tag `in`, English otherwise.
 */
export function pageLocaleOf(acceptLanguage: string | undefined): PageLocale {
  const ranges = (acceptLanguage ?? '')
    .split(',')
    .slice(0, 20)
    .map((part, order) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const quality = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), quality: quality === undefined ? 1 : Number(quality), order };
    })
    .filter((range) => range.tag !== '' && range.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  for (const { tag } of ranges) {
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return 'en';
}

function localeOfTag(tag: string): PageLocale | undefined {
  const [language, ...rest] = tag.split('-');
  if (language === 'zh') {
    if (rest.includes('hant') || rest.some((part) => ['tw', 'hk', 'mo'].includes(part))) return 'zh-Hant';
    return 'zh-Hans';
  }
  if (language === 'id' || language === 'in') return 'id';
  if (language === 'ja') return 'ja';
  if (language === 'en') return 'en';
  return undefined;
}
