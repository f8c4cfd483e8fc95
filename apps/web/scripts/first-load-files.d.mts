/** The files index.html makes the browser fetch at once (paths without the leading slash). */
export function firstLoadFiles(html: string): string[];
