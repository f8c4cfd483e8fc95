// Field schemas the order files share; not re-exported by the package (index.ts leaves it out).
import { Type } from 'typebox';
import { MAX_ID } from '../constants.ts';

export const Id = (errorId: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, errorId });
export const OrderNo = Type.String({ minLength: 1, maxLength: 40, errorId: 'ORDER_NOT_FOUND' });
