"""Running a student's code to judge it: the guard, which calls a function in the kernel (on private
copies of its arguments, the package's searches forbidden, under a time limit), and the sandboxed
worker (sandbox), a process of its own that runs a student's cells and answers calls over a pipe
(worker, wire), with IPython's stand-ins (notebook_shim) and the kit it may import (kit_package).

Imports: core and games.
"""
