import { ProductForm } from './ProductForm.tsx';

/** 新建商品 */
export default function ProductCreate() {
  return <ProductForm />;
}
