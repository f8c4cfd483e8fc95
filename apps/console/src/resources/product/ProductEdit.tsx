import { useParsed } from '@refinedev/core';
import { ProductForm } from './ProductForm.tsx';

/** 编辑商品 (`#/product/edit/:id`) */
export default function ProductEdit() {
  const { id } = useParsed();
  return <ProductForm key={String(id)} id={Number(id)} />;
}
