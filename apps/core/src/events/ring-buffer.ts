/** Fixed-capacity ring: O(1) push, oldest dropped first, snapshot oldest → newest. */
export class RingBuffer<T> {
  private readonly items: (T | undefined)[];
  private start = 0;
  private length = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity <= 0)
      throw new RangeError('capacity must be a positive integer');
    this.items = new Array<T | undefined>(capacity);
  }

  push(item: T): void {
    const index = (this.start + this.length) % this.capacity;
    this.items[index] = item;
    if (this.length < this.capacity) this.length += 1;
    else this.start = (this.start + 1) % this.capacity;
  }

  get size(): number {
    return this.length;
  }

  toArray(): T[] {
    const out: T[] = [];
    for (let i = 0; i < this.length; i++)
      out.push(this.items[(this.start + i) % this.capacity] as T);
    return out;
  }

  clear(): void {
    this.items.fill(undefined);
    this.start = 0;
    this.length = 0;
  }
}
