import {
  BARGAIN_POST_IMAGES_MAX,
  BARGAIN_POST_TEXT_MAX,
  type BargainEditionId,
} from '@chaopin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ImageUploader, type ImageUploadItem, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { uploadApi } from '../../../core/api/upload.ts';
import { Img } from '../../../ui/Img.tsx';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import { bargainApi, claimQuery, refreshBargain } from '../api.ts';
import { EditionShell } from '../components/EditionShell.tsx';
import { idParam, MissingId, PageStates } from '../components/PageStates.tsx';
import { bargainPath } from '../edition.ts';

/** BaskSingle (?claimId=): 晒单 of a received free order, text and photos, once per claim. */
export default function BaskSinglePage({ edition }: { edition: BargainEditionId }) {
  const [params] = useSearchParams();
  const claimId = idParam(params, 'claimId');
  if (!claimId) return <MissingId title="领取记录不存在" />;
  return <Bask key={claimId} claimId={claimId} edition={edition} />;
}

function Bask({ claimId, edition }: { claimId: number; edition: BargainEditionId }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery(claimQuery(claimId));
  const [content, setContent] = useState('');
  const [images, setImages] = useState<ImageUploadItem[]>([]);
  const [uploading, setUploading] = useState(false);

  const submit = useMutation({
    mutationFn: () =>
      bargainApi.post({ claimId, content: content.trim(), images: images.map((i) => i.url) }),
    onSuccess: (post) => {
      showSuccess('晒单成功');
      void refreshBargain(queryClient);
      navigate(bargainPath(edition, 'homeZeroDetail', { id: post.itemId }), { replace: true });
    },
  });

  const claim = query.data;
  if (!claim) return <PageStates query={query} goneTitle="领取记录不存在" />;

  const onSubmit = () => {
    if (!content.trim()) return showToast('请写下你的使用感受');
    if (uploading) return showToast('图片上传中，请稍候');
    if (!submit.isPending) submit.mutate();
  };

  return (
    <EditionShell edition={edition}>
      <section className="card bg-bask" data-testid="bask-form">
        <header className="bg-panel__goods">
          <Img className="bg-row__image" src={claim.image} alt={claim.title} />
          <div className="text-clamp-2">{claim.title}</div>
        </header>
        {claim.canPost ? (
          <>
            <TextArea
              aria-label="晒单内容"
              placeholder="免费领到的宝贝怎么样？说说你的感受吧"
              maxLength={BARGAIN_POST_TEXT_MAX}
              showCount
              rows={5}
              value={content}
              onChange={setContent}
            />
            <ImageUploader
              value={images}
              onChange={setImages}
              maxCount={BARGAIN_POST_IMAGES_MAX}
              multiple
              upload={async (file) => ({ url: await uploadApi.image(file, file.name) })}
              onUploadQueueChange={(tasks) =>
                setUploading(tasks.some((t) => t.status === 'pending'))
              }
            />
          </>
        ) : (
          <p className="bg-help__block">
            {claim.postId !== null ? '您已晒过单了' : '确认收货后才能晒单'}
          </p>
        )}
      </section>
      <div className="bg-claim__actions">
        {claim.canPost ? (
          <Button
            block
            shape="rounded"
            color="primary"
            loading={submit.isPending}
            onClick={onSubmit}
            data-testid="bask-submit"
          >
            发布晒单
          </Button>
        ) : (
          <Button
            block
            shape="rounded"
            onClick={() => navigate(bargainPath(edition, 'homeZeroDetail', { id: claim.itemId }))}
          >
            查看商品晒单
          </Button>
        )}
      </div>
    </EditionShell>
  );
}
