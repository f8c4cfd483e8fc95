import { useQuery } from '@tanstack/react-query';
import { promoRulesQuery } from '../../../ui/promoRulesQuery.ts';
import { PromoRuleFacts } from '../../../ui/promotion/PromoRuleFacts.tsx';
import { RuleView } from '../components/RuleView.tsx';

/**
 * userRule/rule: the promotion rules. The operator's text, then the numbers as configured, read
 * from promotion/rules so that the page states what the programme will actually do.
 */
export default function UserRulePage() {
  // The text stands on its own: a failure here only leaves the numbers out.
  const rules = useQuery({ ...promoRulesQuery(), meta: { toast: false } });
  return (
    <>
      <RuleView code="promotion" />
      {rules.data && (
        <div className="pr-facts-wrap">
          <PromoRuleFacts rules={rules.data} />
        </div>
      )}
    </>
  );
}
