// The words the page shows that the engine owns (game titles, column titles, street and card
// names), as the server sends them in the page (GET /api/words gives the same object): the
// scripts spell none of them again.

export const WORDS = JSON.parse(document.getElementById("words").textContent);
