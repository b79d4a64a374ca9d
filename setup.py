"""Package list for setuptools (the rest of the metadata is in pyproject.toml).

Every ``journal.*`` package is found automatically, so a new game needs no entry here;
``templates/`` ships inside the wheel as ``journal._templates``.
"""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["journal", "journal.*"]) + ["journal._templates"],
    package_dir={"journal._templates": "templates"},
)
