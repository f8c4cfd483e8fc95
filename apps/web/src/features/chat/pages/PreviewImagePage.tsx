import { useSearchParams } from 'react-router';
import { useGoBack } from '../../../ui/hooks/useGoBack.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import '../../../ui/chat/chat.css';

/** /preview-image: the full picture on black; a tap goes back. */
export default function PreviewImagePage() {
  const [params] = useSearchParams();
  const goBack = useGoBack();
  const url = params.get('url') ?? '';
  return (
    <button
      type="button"
      className="preview-image"
      onClick={() => goBack(PATHS.messages)}
      data-testid="preview-image"
    >
      {url ? <img src={url} alt="图片" /> : <span>图片不存在</span>}
    </button>
  );
}
