// Files given to the page: dropped on a zone (highlighted while they are dragged over it) or
// chosen with its file input.

// onFiles(files), an array, for each drop on ``zone`` and each choice in ``input``
export function watchFiles(zone, input, onFiles) {
  zone.addEventListener("dragover", (e) => { e.preventDefault(); zone.classList.add("over"); });
  zone.addEventListener("dragleave", () => zone.classList.remove("over"));
  zone.addEventListener("drop", (e) => {
    e.preventDefault();
    zone.classList.remove("over");
    onFiles([...e.dataTransfer.files]);
  });
  input.addEventListener("change", (e) => onFiles([...e.target.files]));
}
