import { RuleView } from '../components/RuleView.tsx';

/** rule/privacy: 隐私政策 (the login page's link), the operator's text from common/rule. */
export default function PrivacyPage() {
  return <RuleView code="privacy" />;
}
