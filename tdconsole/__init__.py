"""tdconsole: a console for running live poker tournaments in a club."""

__version__ = "0.1.0"
