import { Button, ErrorBlock } from 'antd-mobile';

export interface ProductErrorProps {
  /** The product does not exist (404 or a bad id), rather than a failed request. */
  gone: boolean;
  title: string;
  description: string;
  action: string;
  onAction: () => void;
}

/**
 * The product page's error screen, a chunk of its own: ErrorBlock's pictures are ~10 KB gzipped
 * that a product that loads never needs.
 */
export default function ProductError({
  gone,
  title,
  description,
  action,
  onAction,
}: ProductErrorProps) {
  return (
    <ErrorBlock status={gone ? 'empty' : 'default'} title={title} description={description}>
      <Button color="primary" fill="outline" shape="rounded" onClick={onAction}>
        {action}
      </Button>
    </ErrorBlock>
  );
}
