import type { CategoryNode } from '@chaopin/contracts';
import { Image, ScrollView, Text, View } from '@tarojs/components';
import { useRouter } from '@tarojs/taro';
import { useEffect, useState } from 'react';
import { api, toastError } from '../../platform/api';
import { ProductGrid } from '../../ui/ProductCard';
import { usePagedList } from '../../ui/usePagedList';
import './homeClassify.css';
import { useTabBadge } from '../../ui/useTabBadge';

/** 分类: first-level categories on the side, the chosen one's children and its products. */
export default function CategoryPage() {
  useTabBadge();
  const wanted = Number(useRouter().params.id);
  const [categories, setCategories] = useState<CategoryNode[] | null>(null);
  const [currentId, setCurrentId] = useState<number | null>(null);
  const [childId, setChildId] = useState<number | null>(null);

  useEffect(() => {
    api
      .get('home/classification')
      .then(setCategories)
      .catch((error) => {
        setCategories([]);
        toastError(error);
      });
  }, []);

  const current = categories?.find((c) => c.id === (currentId ?? wanted)) ?? categories?.[0];
  const categoryId = childId ?? current?.id;
  const goods = usePagedList(
    (pageNum) =>
      categoryId === undefined
        ? Promise.resolve({ list: [], total: 0, pageNum, pageSize: 10 })
        : api.get('goods/list', { pageNum, pageSize: 10, categoryId, sort: 'default' }),
    '暂无商品',
    categoryId ?? '',
  );

  if (categories && categories.length === 0) return <View className="empty">暂无分类</View>;
  return (
    <View className="category">
      <ScrollView className="category__side" scrollY>
        {categories?.map((c) => (
          <View
            key={c.id}
            className={
              c.id === current?.id ? 'category__side-item is-active' : 'category__side-item'
            }
            onClick={() => {
              setCurrentId(c.id);
              setChildId(null);
            }}
          >
            {c.name}
          </View>
        ))}
      </ScrollView>
      <View className="category__main">
        {current && current.children.length > 0 && (
          <View className="category__children">
            <View
              className={childId === null ? 'category__child is-active' : 'category__child'}
              onClick={() => setChildId(null)}
            >
              <Image className="category__child-icon" src={current.icon} />
              <Text>全部</Text>
            </View>
            {current.children.map((child) => (
              <View
                key={child.id}
                className={childId === child.id ? 'category__child is-active' : 'category__child'}
                onClick={() => setChildId(child.id)}
              >
                <Image className="category__child-icon" src={child.icon} />
                <Text>{child.name}</Text>
              </View>
            ))}
          </View>
        )}
        <ProductGrid products={goods.items} footer={goods.footer} />
      </View>
    </View>
  );
}
