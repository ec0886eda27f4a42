/** Test support: an in-memory stand-in for localStorage, its entries open to inspection. */
export class MemoryStorage {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

/** A storage that refuses every call, as a browser does when storage is blocked or full. */
export const failingStorage = {
  getItem(): string | null {
    throw new Error("SecurityError: storage is blocked");
  },
  setItem(): void {
    throw new Error("QuotaExceededError: storage is full");
  },
  removeItem(): void {
    throw new Error("SecurityError: storage is blocked");
  },
};
