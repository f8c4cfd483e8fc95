import { RuleView } from '../components/RuleView.tsx';

/** rule: the shopping rules. */
export default function RulePage() {
  return <RuleView code="shopping" />;
}
