import { Alert } from 'antd';

/** What the server said when it refused a save, above the form it came from. */
export function FailureAlert({ failure }: { failure: string | null }) {
  return failure ? (
    <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />
  ) : null;
}
