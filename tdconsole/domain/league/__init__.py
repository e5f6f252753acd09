"""The club across nights: each member's results in a tournament, league points formulas, and
league standings. Pure: the tournaments' states and the league's settings come in as inputs."""
