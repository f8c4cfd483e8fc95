// Field schemas the promotion contracts share; not re-exported by the package (names too generic).
import { Type } from 'typebox';
import { PAY_PASSWORD_PATTERN } from '../constants.ts';
import { CLIENT_KEY_PATTERN } from '../order/index.ts';

export const PayPassword = Type.String({
  pattern: PAY_PASSWORD_PATTERN,
  errorId: 'PAY_PASSWORD_FORMAT',
});
export const ClientKey = Type.String({
  pattern: CLIENT_KEY_PATTERN,
  errorId: 'CLIENT_KEY_INVALID',
});
export const PersonBrief = Type.Object({ nickname: Type.String(), avatar: Type.String() });
