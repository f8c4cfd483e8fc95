/** Where the console keeps its session: one localStorage key, apart from the shop app's. */
export const TOKEN_KEY = 'console.token';

/** localStorage, or nothing (a private window that refuses storage keeps the session in memory). */
function store(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

let memoryToken: string | null = null;

export const session = {
  token(): string | null {
    return store()?.getItem(TOKEN_KEY) ?? memoryToken;
  },
  save(token: string): void {
    memoryToken = token;
    try {
      store()?.setItem(TOKEN_KEY, token);
    } catch {
      /* storage full or refused: the in-memory copy lasts this tab */
    }
  },
  clear(): void {
    memoryToken = null;
    store()?.removeItem(TOKEN_KEY);
  },
};
