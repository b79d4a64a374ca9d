"""Package list for setuptools (the rest of the metadata is in pyproject.toml).

Every ``journal.*`` package is found automatically, so a new game needs no entry here;
``templates/`` and ``docs/`` ship inside the wheel as ``journal._templates`` and
``journal._docs`` (`journal guide` reads them).
"""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["journal", "journal.*"]) + ["journal._templates", "journal._docs"],
    package_dir={"journal._templates": "templates", "journal._docs": "docs"},
)
