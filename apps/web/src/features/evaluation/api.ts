import { post } from '../../core/api/client.ts';

export interface EvaluationInput {
  orderNo: string;
  itemId: number;
  stars: number;
  content: string;
  images: string[];
  anonymous: boolean;
}

/** `images` travels as JSON text in a form body (what the contract accepts). */
export const evaluationApi = {
  release: ({ images, ...rest }: EvaluationInput) =>
    post('order/ReleaseEvaluate', { ...rest, images: JSON.stringify(images) }),
};
