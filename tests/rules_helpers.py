"""What the rules tests share."""

from stud_odds.rules import parse_seat_cards


def seats(*texts: str) -> list[list[int]]:
    """Each seat's cards from text, as a rules question takes them: ``seats("Ah Kc", "7s")``."""
    return parse_seat_cards(texts)
