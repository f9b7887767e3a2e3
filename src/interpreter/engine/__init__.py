"""The runtime: board topology, states with their undo journal, the turn machinery, move
notation, positions and text pictures. It imports neither the vocabulary nor the syntax."""
