import { RuleView } from '../components/RuleView.tsx';

/** userRule/rule: the promotion rules. */
export default function UserRulePage() {
  return <RuleView code="promotion" />;
}
