import {
  HeraldError,
  TEMPLATE_PACKAGE_FILES,
  TEMPLATE_PACKAGE_LIMITS,
  TEMPLATE_PRODUCTION_FILES,
  type TemplateCodeType,
} from '@herald/protocol';
import yauzl from 'yauzl';
import { byteSizeText } from '../imports/import-limits.ts';

/** A template package as read from its zip (functional §3 Template package), before it is stored. */
export interface TemplatePackage {
  /** package.json, parsed. */
  manifest: { name?: string; version: string; description?: string };
  codeType: TemplateCodeType;
  productionCode: string;
  sample: unknown;
  profiles: unknown;
  dataDescription: string;
}

type Limits = typeof TEMPLATE_PACKAGE_LIMITS;

const tooLarge = (limit: string) => new HeraldError('TemplatePackageTooLargeError', { values: { limit } });

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false, strictFileNames: false }, (error, zip) => {
      if (error || !zip) reject(new HeraldError('TemplatePackageNotZipError'));
      else resolve(zip);
    });
  });
}

/** Every entry of the zip's central directory, refusing more than the limit before reading any. */
function listEntries(zip: yauzl.ZipFile, limits: Limits): Promise<yauzl.Entry[]> {
  if (zip.entryCount > limits.maxEntries) return Promise.reject(tooLarge(`${limits.maxEntries} files`));
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', () => reject(new HeraldError('TemplatePackageNotZipError')));
    zip.readEntry();
  });
}

/**
 * One entry inflated as text, counting the bytes as they come: the declared size is not believed (yauzl also
 * refuses an entry whose inflated size differs from it), and the read stops at the budget left.
 */
function readText(zip: yauzl.ZipFile, entry: yauzl.Entry, budget: number, limits: Limits): Promise<string> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) {
        reject(new HeraldError('TemplatePackageNotZipError'));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > budget) {
          stream.destroy();
          reject(tooLarge(`${byteSizeText(limits.maxInflatedBytes)} unpacked`));
        } else chunks.push(chunk);
      });
      stream.on('error', () => reject(new HeraldError('TemplatePackageNotZipError')));
      stream.on('end', () =>
        resolve(
          Buffer.concat(chunks)
            .toString('utf8')
            .replace(/^\uFEFF/, ''),
        ),
      );
    });
  });
}

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HeraldError('TemplatePackageInvalidJsonError', { values: { file } });
  }
}

/**
 * The folder the package's files are in: the zip's root, or the one top folder a zip of a folder has
 * (`newsletter/package.json`). Found from package.json, which every package has.
 */
function packageRoot(names: readonly string[]): string {
  if (names.includes('package.json')) return '';
  const nested = names.filter((name) => /^[^/]+\/package\.json$/.test(name));
  if (nested.length === 1) return nested[0]!.slice(0, -'package.json'.length);
  throw new HeraldError('TemplatePackageMissingFileError', { values: { file: 'package.json' } });
}

/**
 * Reads a template package zip whole, holding it to TEMPLATE_PACKAGE_LIMITS (entries, inflated bytes, and the
 * compression ratio a zip bomb gives itself away by), and checks it: package.json with a version,
 * datadescription.xml, test/sample.json and test/profiles.json as JSON, and index.mjml or index.html. The first
 * fault found is thrown as its catalogue error, naming the file.
 */
export async function readTemplatePackage(
  path: string,
  limits: Limits = TEMPLATE_PACKAGE_LIMITS,
): Promise<TemplatePackage> {
  const zip = await openZip(path);
  try {
    const entries = await listEntries(zip, limits);
    const files = entries.filter((entry) => !entry.fileName.endsWith('/'));
    const root = packageRoot(files.map((entry) => entry.fileName));
    const byName = new Map(
      files
        .filter((entry) => entry.fileName.startsWith(root))
        .map((entry) => [entry.fileName.slice(root.length), entry]),
    );
    const production = TEMPLATE_PRODUCTION_FILES.find((name) => byName.has(name));
    for (const file of [...TEMPLATE_PACKAGE_FILES, production ?? TEMPLATE_PRODUCTION_FILES.join(' or ')])
      if (!byName.has(file)) throw new HeraldError('TemplatePackageMissingFileError', { values: { file } });
    const wanted = [...TEMPLATE_PACKAGE_FILES, production!];

    // The declared sizes are a cheap first refusal; readText counts the real bytes.
    let declared = 0;
    for (const name of wanted) {
      const entry = byName.get(name)!;
      declared += entry.uncompressedSize;
      // Only past a mebibyte: a small text file may shrink a lot without being a bomb.
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      const bomb = entry.uncompressedSize > 1024 * 1024 && ratio > limits.maxCompressionRatio;
      if (declared > limits.maxInflatedBytes || bomb)
        throw tooLarge(`${byteSizeText(limits.maxInflatedBytes)} unpacked`);
    }
    const texts = new Map<string, string>();
    let budget = limits.maxInflatedBytes;
    for (const name of wanted) {
      const text = await readText(zip, byName.get(name)!, budget, limits);
      budget -= Buffer.byteLength(text);
      texts.set(name, text);
    }

    const manifest = parseJson(texts.get('package.json')!, 'package.json');
    const version = (manifest as { version?: unknown } | null)?.version;
    if (typeof manifest !== 'object' || manifest === null || typeof version !== 'string' || !version.trim())
      throw new HeraldError('TemplatePackageNoVersionError');
    const { name, description } = manifest as { name?: unknown; description?: unknown };
    return {
      manifest: {
        version: version.trim().slice(0, 64),
        ...(typeof name === 'string' && name.trim() ? { name: name.trim() } : {}),
        ...(typeof description === 'string' ? { description: description.slice(0, 2000) } : {}),
      },
      codeType: production === 'index.mjml' ? 'mjml' : 'html',
      productionCode: texts.get(production!)!,
      sample: parseJson(texts.get('test/sample.json')!, 'test/sample.json'),
      profiles: parseJson(texts.get('test/profiles.json')!, 'test/profiles.json'),
      dataDescription: texts.get('datadescription.xml')!,
    };
  } finally {
    zip.close();
  }
}
