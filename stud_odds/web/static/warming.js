// While the server's kernels compile, numpy answers (the same numbers, slower on big
// spots): the header says so, and how far the kernels are, until they are all loaded.

export async function watchWarming() {
  try {
    const health = await (await fetch("/api/health")).json();
    const note = document.getElementById("warming");
    note.hidden = !health.warming;
    if (!health.warming) return;
    const k = health.kernels;
    note.textContent = `warming up: ${k.loaded} of ${k.total} kernels ready` +
      (k.compiling ? " (compiling); numpy answers meanwhile" : "; numpy answers meanwhile");
    setTimeout(watchWarming, 2000);
  } catch (error) {
    setTimeout(watchWarming, 5000);
  }
}
