import yazl from 'yazl';

/** A zip of the given files, built with yazl as a packager would (deflated unless `compress` is false). */
export function zipOf(
  files: Record<string, string | Buffer>,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(files))
    zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), name, {
      compress: options.compress ?? true,
    });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** The files of a good template package (functional §3): MJML production code with Liquid personalization. */
export function templatePackageFiles(
  overrides: Record<string, string | Buffer | undefined> = {},
): Record<string, string | Buffer> {
  const files: Record<string, string | Buffer | undefined> = {
    'package.json': JSON.stringify({ name: 'Spring Sale', version: '1.2.0', description: 'A spring offer' }),
    'datadescription.xml': '<?xml version="1.0"?><data><field name="subscriber.firstname" /></data>',
    'test/sample.json': JSON.stringify({ subscriber: { firstname: 'Sam' } }),
    'test/profiles.json': JSON.stringify([{ name: 'Sam', subscriber: { firstname: 'Sam' } }]),
    'index.mjml':
      '<mjml><mj-body><mj-section><mj-column><mj-text>Hi {{ subscriber.firstname | default: "there" }}</mj-text>' +
      '<mj-text><a href="{{ unsubscribe_url }}">Unsubscribe</a></mj-text></mj-column></mj-section></mj-body></mjml>',
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(files).filter((entry): entry is [string, string | Buffer] => entry[1] !== undefined),
  );
}

/** A good template package zip, with `overrides` replacing (or, undefined, removing) its files. */
export function templatePackageZip(
  overrides: Record<string, string | Buffer | undefined> = {},
): Promise<Buffer> {
  return zipOf(templatePackageFiles(overrides));
}
