/** The least a React Router document costs: its root layout and one element. */
export default function Empty() {
  return <main>空白页</main>;
}
