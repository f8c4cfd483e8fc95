/** The siblings of a dragged node in their new order, or null for a move the tree refuses. */
export function reordered(
  siblings: readonly number[],
  dragged: number,
  target: number,
  after: boolean,
): number[] | null {
  if (!siblings.includes(dragged) || !siblings.includes(target) || dragged === target) return null;
  const rest = siblings.filter((id) => id !== dragged);
  const at = rest.indexOf(target) + (after ? 1 : 0);
  return [...rest.slice(0, at), dragged, ...rest.slice(at)];
}
