// Scaffold: replaced by the account forms (issue 6).
export default function Placeholder() {
  return null;
}
