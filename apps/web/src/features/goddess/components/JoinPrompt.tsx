import { Button, Empty } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../ui/pageConfig.ts';

/** A non-member's empty state on MyInviter and deductionDetail: the way to join. */
export function JoinPrompt({ text }: { text: string }) {
  const navigate = useNavigate();
  return (
    <div className="gd-empty" data-testid="goddess-join-prompt">
      <Empty description={text} />
      <Button color="primary" shape="rounded" onClick={() => navigate(PATHS.goddess)}>
        加入女神帮
      </Button>
    </div>
  );
}
