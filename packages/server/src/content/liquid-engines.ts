import { shortLinkStandIn } from '@herald/protocol';
import { filters, Liquid, type LiquidOptions } from 'liquidjs';

/**
 * What one template may cost. A template is written by a marketer and rendered on the server's thread for
 * every recipient, so a loop of a billion, a string doubled forty times or a pasted megabyte must stop with an
 * error instead of holding every socket. A real e-mail renders in well under a millisecond (npm run bench
 * render), so the limits are far from anything legitimate.
 */
export const LIQUID_LIMITS = {
  /** Characters of one template (a part: subject, body, text…). An e-mail fails its size check at 200 KB. */
  parseCharacters: 2_000_000,
  /**
   * Milliseconds for one recipient, all parts together (the renderer passes each part what is left). liquidjs
   * checks the clock before each piece of a template, loop bodies included, so a loop stops near the limit.
   */
  renderMilliseconds: 250,
  /**
   * What liquidjs counts as allocated in one render (characters of strings built by filters, elements of
   * ranges and arrays): a range of more than this, or a string doubled past it, stops the render.
   */
  memoryUnits: 10_000_000,
} as const;

/** Tags that read other templates from a file system. Herald's content is self-contained. */
const FILE_TAGS = ['include', 'render', 'layout'] as const;

function createEngine(options: LiquidOptions): Liquid {
  const engine = new Liquid({
    // A misspelt filter is a mistake to report, not something to skip silently.
    strictFilters: true,
    // A missing profile field renders empty (and `default` supplies a fallback): subscribers rarely have
    // every field, and one without a first name must still get the e-mail.
    strictVariables: false,
    // Scope objects show their own fields only: `subscriber.constructor` or `__proto__` reach nothing.
    ownPropertyOnly: true,
    // An empty in-memory template map instead of the disk: liquidjs never opens a file, whatever a
    // template names. The file tags are removed below as well, so naming one is a parse error with a line.
    templates: {},
    // The `date` filter's zone, fixed rather than whatever the server's machine is set to.
    timezoneOffset: 0,
    parseLimit: LIQUID_LIMITS.parseCharacters,
    renderLimit: LIQUID_LIMITS.renderMilliseconds,
    memoryLimit: LIQUID_LIMITS.memoryUnits,
    ...options,
  });
  for (const tag of FILE_TAGS) delete engine.tags[tag];
  // `{{ "https://…" | short_url }}`: a link shortened at delivery; until then a stand-in of the same length, so
  // what a preview counts (an SMS's segments) is what the message will cost (protocol content/short-links.ts).
  engine.registerFilter('short_url', (url: unknown) => shortLinkStandIn(String(url ?? '')));
  return engine;
}

/**
 * For HTML bodies: every `{{ }}` output is HTML-escaped unless its last filter is `raw`, so a subscriber
 * whose first name is `<script>` gets it shown, not run. The escape is `escape_once`, which leaves entities
 * already escaped as they are: authors used to Shopify's Liquid write `{{ x | escape }}`, and plain `escape`
 * would then show them `&amp;amp;`.
 */
export const htmlLiquid = createEngine({
  // The built-in filter itself: liquidjs applies outputEscape as a filter, with the render's context as `this`
  // (escape_once charges what it builds to the memory limit through it). Its declared type is the wider union
  // of filter definitions; this one is a plain function.
  outputEscape: filters.escape_once as (value: unknown) => string,
});

/**
 * For the subject, the preheader, the text part and SMS: plain text, where an escaped `&amp;` would reach the
 * reader as written. (The preheader is escaped once more where it is placed into the HTML.)
 */
export const textLiquid = createEngine({});
