"""The course's developer tooling, kept out of the installed package: benchmarks (bench), the
course's statistics (course_stats), the layer check (layers), the README's generated blocks
(readme_blocks), the nbval plugin (nbval_plugin) and the student edition (release).

Imports: anything in minimax_lab; nothing in minimax_lab imports this package (devtools.layers checks).
Run its modules from the repository's root (`python -m devtools.bench`; the Makefile's targets do).
"""
