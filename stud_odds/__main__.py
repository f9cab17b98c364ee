from stud_odds.cli import main

main()
