import sys
from pathlib import Path

# tests import helper modules (reference_eval) by name
sys.path.insert(0, str(Path(__file__).parent))
