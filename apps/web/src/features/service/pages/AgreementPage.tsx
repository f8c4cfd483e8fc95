import { RuleView } from '../components/RuleView.tsx';

/** rule/agreement: 用户协议 (the login page's link), the operator's text from common/rule. */
export default function AgreementPage() {
  return <RuleView code="agreement" />;
}
