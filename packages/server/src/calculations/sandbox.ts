import {
  RELEASE_SYNC,
  newQuickJSWASMModule,
  newVariant,
  shouldInterruptAfterDeadline,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSRuntime,
} from 'quickjs-emscripten';

/** How much a custom code rule may spend (functional §3 "custom code"); tests lower them. */
export const sandboxLimits = {
  /** Per subscriber: an endless loop is stopped after this. */
  perSubscriberMs: 50,
  /** Per job run: past it the remaining subscribers are left alone and counted as errors. */
  totalMs: 10 * 60_000,
  /** QuickJS's own limit; in this build it bounds each allocation, not their sum (see memoryPages). */
  memoryBytes: 16 * 1024 * 1024,
  /**
   * The hard cap: the sandbox's whole WebAssembly memory, in 64 KiB pages (32 MiB, of which the
   * interpreter's static data and stack take a few). The prebuilt QuickJS cannot see the size of its
   * allocations (quickjs-emscripten issue #271), so setMemoryLimit alone lets many small ones pile up to the
   * 2 GiB the module may grow to; a memory that cannot grow makes malloc fail and QuickJS throw "out of
   * memory" instead.
   */
  memoryPages: 512,
  /** Below the host's own stack, so deep recursion is QuickJS's "stack overflow", not the process's. */
  stackBytes: 256 * 1024,
};

/** A value custom code may give a subscriber: what a custom value holds. */
export type CalculatedValue = string | number | boolean;

export type SandboxOutcome =
  | { kind: 'value'; value: CalculatedValue }
  /** The code answered undefined or null: it has no value for this subscriber, which is left alone. */
  | { kind: 'none' }
  /** It threw, ran too long, ran out of memory or answered something that is not a value. */
  | { kind: 'error'; message: string };

export interface CustomCodeSandbox {
  /** Runs the code for one subscriber (profile fields and custom values, frozen inside the sandbox). */
  evaluate(subscriber: Record<string, unknown>): SandboxOutcome;
  /** Whether the run's total deadline has passed. */
  readonly expired: boolean;
  dispose(): void;
}

/**
 * Sets up the interpreter once per run: the code is compiled with `new Function('subscriber', code)` and
 * called per subscriber. QuickJS builds that function by pasting the body into source text, so a body such as
 * `}); other(); (function () {` would close it early: the source the function reports must be exactly the
 * body's. The helpers are taken before the code is compiled, so the code cannot swap them.
 */
const PRELUDE = `(function () {
  const apply = Reflect.apply, toSource = Function.prototype.toString, parse = JSON.parse;
  const keys = Object.keys, freezeObject = Object.freeze;
  const freeze = (value) => {
    if (value !== null && typeof value === 'object') {
      for (const key of keys(value)) freeze(value[key]);
      freezeObject(value);
    }
    return value;
  };
  const body = globalThis.__customCode;
  delete globalThis.__customCode;
  const calculate = new Function('subscriber', body);
  if (apply(toSource, calculate, []) !== 'function anonymous(subscriber\\n) {\\n' + body + '\\n}')
    throw new SyntaxError('the code closes its function early');
  // null and undefined both mean "no value for this subscriber".
  return (json) => calculate(freeze(parse(json))) ?? undefined;
})()`;

/** The interpreter's WebAssembly memory: the emscripten build starts at 16 MiB (256 pages). */
const INITIAL_PAGES = 256;

// The server's TypeScript libraries (ES2023, no DOM) do not declare WebAssembly; Node provides it.
const { WebAssembly } = globalThis as unknown as {
  WebAssembly: { Memory: new (descriptor: { initial: number; maximum: number }) => object };
};

/**
 * Opens a sandbox for custom code: QuickJS compiled to WebAssembly, in a module instance of its own (so its
 * memory can be capped and is dropped with it), with only the language's own objects (no std or os module,
 * no module loader, nothing of the host injected), bounded in time and memory. Throws an Error with
 * QuickJS's message when the code does not compile. Dispose it when done.
 */
export async function openCustomCodeSandbox(code: string): Promise<CustomCodeSandbox> {
  const maximum = Math.max(INITIAL_PAGES, sandboxLimits.memoryPages);
  const wasmMemory = new WebAssembly.Memory({ initial: INITIAL_PAGES, maximum });
  // The variant's Memory type is the DOM lib's, which Node's WebAssembly.Memory matches at run time only.
  type VariantMemory = NonNullable<Parameters<typeof newVariant>[1]>['wasmMemory'];
  const quickJS = await newQuickJSWASMModule(
    newVariant(RELEASE_SYNC, { wasmMemory: wasmMemory as unknown as VariantMemory }),
  );
  const runtime = quickJS.newRuntime();
  runtime.setMemoryLimit(sandboxLimits.memoryBytes);
  runtime.setMaxStackSize(sandboxLimits.stackBytes);
  const runDeadline = Date.now() + sandboxLimits.totalMs;
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + 1_000));
  let context: QuickJSContext | undefined;
  let entry: QuickJSHandle | undefined;
  try {
    context = runtime.newContext();
    const source = context.newString(code);
    context.setProp(context.global, '__customCode', source);
    source.dispose();
    const compiled = context.evalCode(PRELUDE, 'custom-code.js');
    if (compiled.error) {
      const message = errorText(context, compiled.error);
      compiled.error.dispose();
      throw new Error(message);
    }
    entry = compiled.value;
  } catch (error) {
    context?.dispose();
    runtime.dispose();
    throw error;
  }
  return new Sandbox(runtime, context, entry, runDeadline);
}

/** Answers why custom code does not compile, or undefined when it does (the write check). */
export async function customCodeProblem(code: string): Promise<string | undefined> {
  try {
    (await openCustomCodeSandbox(code)).dispose();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

class Sandbox implements CustomCodeSandbox {
  readonly #runtime: QuickJSRuntime;
  readonly #context: QuickJSContext;
  readonly #entry: QuickJSHandle;
  readonly #runDeadline: number;

  constructor(runtime: QuickJSRuntime, context: QuickJSContext, entry: QuickJSHandle, runDeadline: number) {
    this.#runtime = runtime;
    this.#context = context;
    this.#entry = entry;
    this.#runDeadline = runDeadline;
  }

  get expired(): boolean {
    return Date.now() >= this.#runDeadline;
  }

  evaluate(subscriber: Record<string, unknown>): SandboxOutcome {
    if (this.expired) return { kind: 'error', message: 'The run took too long' };
    const context = this.#context;
    this.#runtime.setInterruptHandler(
      shouldInterruptAfterDeadline(Math.min(Date.now() + sandboxLimits.perSubscriberMs, this.#runDeadline)),
    );
    const json = context.newString(JSON.stringify(subscriber));
    const result = context.callFunction(this.#entry, context.undefined, json);
    json.dispose();
    if (result.error) {
      const message = errorText(context, result.error);
      result.error.dispose();
      return { kind: 'error', message };
    }
    const handle = result.value;
    try {
      const type = context.typeof(handle);
      if (type === 'undefined') return { kind: 'none' };
      if (type === 'string') return { kind: 'value', value: context.getString(handle) };
      if (type === 'boolean') return { kind: 'value', value: context.dump(handle) as boolean };
      if (type === 'number') {
        const value = context.getNumber(handle);
        return Number.isFinite(value)
          ? { kind: 'value', value }
          : { kind: 'error', message: 'The code answered a number that is not finite' };
      }
      return { kind: 'error', message: `The code answered ${type === 'object' ? 'an object' : `a ${type}`}` };
    } finally {
      handle.dispose();
    }
  }

  dispose(): void {
    this.#entry.dispose();
    this.#context.dispose();
    this.#runtime.dispose();
  }
}

function errorText(context: QuickJSContext, error: QuickJSHandle): string {
  const dumped: unknown = context.dump(error);
  if (dumped && typeof dumped === 'object' && 'message' in dumped) {
    const { name, message } = dumped as { name?: unknown; message?: unknown };
    return `${typeof name === 'string' ? `${name}: ` : ''}${String(message)}`;
  }
  return String(dumped);
}
