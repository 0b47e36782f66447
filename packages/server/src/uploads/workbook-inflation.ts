import yauzl from 'yauzl';

/**
 * Whether every entry of a zip, inflated, adds up to no more than `limit` bytes. It counts the bytes as they
 * are inflated (zlib on the thread pool, not the event loop) and stops at the limit, so neither a forged size
 * in the central directory nor a bomb's real size is believed: yauzl also refuses an entry whose inflated
 * size differs from the one it declares.
 */
export function inflatesWithin(filePath: string, limit: number): Promise<boolean> {
  return new Promise((resolve) => {
    yauzl.open(filePath, { lazyEntries: true, autoClose: true }, (error, zip) => {
      if (error || !zip) {
        resolve(false);
        return;
      }
      let total = 0;
      let settled = false;
      const settle = (within: boolean) => {
        if (settled) return;
        settled = true;
        zip.close();
        resolve(within);
      };
      zip.on('error', () => settle(false));
      zip.on('end', () => settle(total <= limit));
      zip.on('entry', (entry: yauzl.Entry) => {
        // The declared sizes are a cheap first refusal; the inflated bytes are the real check.
        if (total + entry.uncompressedSize > limit) {
          settle(false);
          return;
        }
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) {
            settle(false);
            return;
          }
          stream.on('data', (chunk: Buffer) => {
            total += chunk.length;
            if (total > limit) {
              stream.destroy();
              settle(false);
            }
          });
          stream.on('error', () => settle(false));
          stream.on('end', () => {
            if (!settled) zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
