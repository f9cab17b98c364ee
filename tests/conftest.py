import sys
from pathlib import Path

# tests import helper modules (reference_eval) by name
sys.path.insert(0, str(Path(__file__).parent))

import os

# CLI output is checked at a fixed terminal width; rich reads COLUMNS when a console is made
os.environ["COLUMNS"] = "80"
