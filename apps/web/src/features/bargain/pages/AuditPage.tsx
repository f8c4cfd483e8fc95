import type { BargainClaim, BargainEditionId } from '@chaopin/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Steps } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { Img } from '../../../ui/Img.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { payPagePath } from '../../../ui/payLink.ts';
import { claimQuery, detailQuery } from '../api.ts';
import { EditionShell } from '../components/EditionShell.tsx';
import { idParam, MissingId, PageStates } from '../components/PageStates.tsx';
import { bargainPath } from '../edition.ts';
import { claimProgress, orderStatusText } from '../logic.ts';

/**
 * audit: where my free-order claim stands (?id= the claim, or ?bargainId= my bargain): under
 * review, refused with the reason, or the order with its state, then 晒单 once received.
 */
export default function AuditPage({ edition }: { edition: BargainEditionId }) {
  const [params] = useSearchParams();
  const claimId = idParam(params, 'id');
  const bargainId = idParam(params, 'bargainId');
  const byClaim = useQuery({ ...claimQuery(claimId), enabled: claimId > 0 });
  const byBargain = useQuery({ ...detailQuery(bargainId), enabled: !claimId && bargainId > 0 });
  if (!claimId && !bargainId) return <MissingId title="领取记录不存在" />;
  const query = claimId ? byClaim : byBargain;
  const claim = claimId ? byClaim.data : byBargain.data?.claim;
  if (!query.data) return <PageStates query={query} goneTitle="领取记录不存在" />;
  if (!claim) {
    // My bargain without a claim yet: its free-order card is the page for it.
    return <MissingId title="还没有领取免单" />;
  }
  return <ClaimView claim={claim} edition={edition} />;
}

const STATE_TEXT: Record<BargainClaim['status'], string> = {
  audit: '平台正在审核您的免单领取，审核通过后将为您下单发货',
  ordered: '免单订单已生成',
  rejected: '很抱歉，您的免单领取未通过审核',
};

function ClaimView({ claim, edition }: { claim: BargainClaim; edition: BargainEditionId }) {
  const navigate = useNavigate();
  const progress = claimProgress(claim);
  const orderText = orderStatusText(claim.orderStatus);
  const unpaid = claim.orderStatus === 'unpaid' || claim.orderStatus === 'pending';
  return (
    <EditionShell edition={edition}>
      <section className="bg-card" data-testid="claim-state">
        <h2 className="bg-card__title" data-testid="claim-status">
          {claim.statusText}
        </h2>
        <div className="bg-panel__goods">
          <Img className="bg-row__image" src={claim.image} alt={claim.title} />
          <div className="text-clamp-2">{claim.title}</div>
        </div>
        <p className="bg-panel__status">{STATE_TEXT[claim.status]}</p>
        {claim.status === 'rejected' && claim.rejectReason && (
          <p className="bg-help__block">原因：{claim.rejectReason}</p>
        )}
        {claim.orderNo && (
          <p className="bg-claim__order" data-testid="claim-order">
            订单号 {claim.orderNo}
            {orderText && <em>{orderText}</em>}
          </p>
        )}
      </section>

      {claim.status !== 'rejected' && (
        <section className="card bg-claim__steps">
          <Steps current={progress.current} data-testid="claim-steps">
            {progress.steps.map((title) => (
              <Steps.Step key={title} title={title} />
            ))}
          </Steps>
        </section>
      )}

      <div className="bg-claim__actions">
        {claim.orderNo && unpaid && (
          <Button
            block
            shape="rounded"
            color="primary"
            onClick={() => navigate(payPagePath({ orderNo: claim.orderNo ?? '' }))}
          >
            去支付
          </Button>
        )}
        {claim.canPost && (
          <Button
            block
            shape="rounded"
            color="primary"
            data-testid="go-post"
            onClick={() => navigate(bargainPath(edition, 'BaskSingle', { claimId: claim.id }))}
          >
            去晒单
          </Button>
        )}
        {claim.orderNo && (
          <Button
            block
            shape="rounded"
            onClick={() => navigate(`${PATHS.orderInfo}?orderNo=${claim.orderNo}`)}
          >
            查看订单
          </Button>
        )}
        {claim.postId !== null && (
          <Button
            block
            shape="rounded"
            onClick={() => navigate(bargainPath(edition, 'homeZeroDetail', { id: claim.itemId }))}
          >
            查看我的晒单
          </Button>
        )}
        {claim.status === 'rejected' && (
          <Button
            block
            shape="rounded"
            onClick={() => navigate(bargainPath(edition, 'homeZeroYuan'))}
          >
            去看看其他商品
          </Button>
        )}
      </div>
    </EditionShell>
  );
}
