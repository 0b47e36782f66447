/**
 * The keys (lowercased e-mail addresses, refs) an import has already seen, each with the row that took it:
 * "first row wins" over files of millions of rows. A Map of strings held about 100 bytes a key, and worse,
 * the parser's cells are slices of its 256 KB chunks, so every key kept its whole chunk alive (the server
 * grew by the size of the file). Here each key is copied as UTF-8 into one growing buffer and found through
 * an open-addressing table of typed arrays: about 40 bytes a key, compared byte for byte, so never a false
 * match.
 */
export class RowKeySet {
  #bytes: Buffer = Buffer.alloc(1 << 20);
  #used = 0;
  #scratch: Buffer = Buffer.alloc(1024);
  /** Per entry: where its bytes start, how many, its hash and its row. */
  #offsets = new Uint32Array(1 << 12);
  #lengths = new Uint32Array(1 << 12);
  #hashes = new Uint32Array(1 << 12);
  #rows = new Int32Array(1 << 12);
  #count = 0;
  /** Entry index + 1 per slot (0: empty); the capacity is a power of two, kept at most half full. */
  #slots = new Uint32Array(1 << 13);

  get size(): number {
    return this.#count;
  }

  /** The row that took `key`, or undefined. */
  get(key: string): number | undefined {
    const length = this.#encode(key);
    const found = this.#find(length, hashOf(this.#scratch, length));
    return found.entry === undefined ? undefined : this.#rows[found.entry];
  }

  /** Remembers `key` for `row` unless a row took it already; answers the row that holds it. */
  claim(key: string, row: number): number {
    const length = this.#encode(key);
    const hash = hashOf(this.#scratch, length);
    const found = this.#find(length, hash);
    if (found.entry !== undefined) return this.#rows[found.entry]!;
    if (this.#used + length > this.#bytes.length) this.#bytes = grown(this.#bytes, this.#used + length);
    this.#scratch.copy(this.#bytes, this.#used, 0, length);
    if (this.#count === this.#rows.length) this.#growEntries();
    const entry = this.#count++;
    this.#offsets[entry] = this.#used;
    this.#lengths[entry] = length;
    this.#hashes[entry] = hash;
    this.#rows[entry] = row;
    this.#used += length;
    this.#slots[found.slot] = entry + 1;
    if (this.#count * 2 > this.#slots.length) this.#rehash();
    return row;
  }

  #encode(key: string): number {
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    if (key.length * 3 > this.#scratch.length) this.#scratch = Buffer.alloc(key.length * 3);
    return this.#scratch.write(key, 0, 'utf8');
  }

  #find(length: number, hash: number): { slot: number; entry: number | undefined } {
    const mask = this.#slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const stored = this.#slots[slot]!;
      if (stored === 0) return { slot, entry: undefined };
      const entry = stored - 1;
      if (this.#hashes[entry] !== hash || this.#lengths[entry] !== length) continue;
      const offset = this.#offsets[entry]!;
      if (this.#bytes.compare(this.#scratch, 0, length, offset, offset + length) === 0)
        return { slot, entry };
    }
  }

  #growEntries(): void {
    const size = this.#rows.length * 2;
    const copy = <T extends Uint32Array | Int32Array>(from: T, make: (n: number) => T): T => {
      const to = make(size);
      to.set(from);
      return to;
    };
    this.#offsets = copy(this.#offsets, (n) => new Uint32Array(n));
    this.#lengths = copy(this.#lengths, (n) => new Uint32Array(n));
    this.#hashes = copy(this.#hashes, (n) => new Uint32Array(n));
    this.#rows = copy(this.#rows, (n) => new Int32Array(n));
  }

  #rehash(): void {
    const slots = new Uint32Array(this.#slots.length * 2);
    const mask = slots.length - 1;
    for (let entry = 0; entry < this.#count; entry += 1) {
      let slot = this.#hashes[entry]! & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = entry + 1;
    }
    this.#slots = slots;
  }
}

/** FNV-1a over the bytes, then a murmur finalizer so that neighbouring keys spread over the table. */
function hashOf(bytes: Buffer, length: number): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < length; index += 1) {
    hash ^= bytes[index]!;
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

function grown(bytes: Buffer, needed: number): Buffer {
  let size = bytes.length * 2;
  while (size < needed) size *= 2;
  const larger = Buffer.alloc(size);
  bytes.copy(larger);
  return larger;
}
