export default function Home() {
  return (
    <main>
      <h1>Hello, React Router</h1>
      <p>A trivial page: the baseline that the site's JavaScript is measured against.</p>
    </main>
  );
}
