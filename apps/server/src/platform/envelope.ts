/** The success envelope every route answers with. */
export function ok<T>(data: T): { code: 1; msg: string; data: T } {
  return { code: 1, msg: '操作成功', data };
}
