// Placeholder: replaced by the page's real implementation.
export default function Page() {
  return null;
}
