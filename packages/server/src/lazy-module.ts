/**
 * A dependency loaded at its first use instead of as the server starts: loading mjml, SheetJS, mailparser and
 * the like took a good part of a start's module loading, for work no request does until someone renders an
 * e-mail, reads a workbook or receives a bounce (docs/operations.md § Start-up). The first use waits for the load
 * once; later ones get the loaded module. Their types stay static imports (`import type`).
 */
export function lazyModule<Module>(load: () => Promise<Module>): () => Promise<Module> {
  let loading: Promise<Module> | undefined;
  return () => {
    loading ??= load();
    return loading;
  };
}
