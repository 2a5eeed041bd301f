// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: return of a helper call from a brace-less scope, the pointer passed as an integer
 * check-description: The 7.2 powerpc sstep.c shape: write_mem() opens a brace-less scoped_user_write_access_size() and returns the result of a helper that it hands the scope's pointer as an unsigned long; the helper casts it back and stores 1, 2, 4 or 8 bytes at offset 0, inside the bytes the masked pointer covers, with the caller's region open until the return, so nothing is reported.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct v7_mem_args {
	unsigned long ea;
	int nb;
};

static __always_inline int v7_write_mem_aligned(unsigned long val, unsigned long ea, int nb)
{
	switch (nb) {
	case 1:
		unsafe_put_user(val, (unsigned char __user *)ea, efault);
		break;
	case 2:
		unsafe_put_user(val, (unsigned short __user *)ea, efault);
		break;
	case 4:
		unsafe_put_user(val, (unsigned int __user *)ea, efault);
		break;
	case 8:
		unsafe_put_user(val, (unsigned long __user *)ea, efault);
		break;
	}
	return 0;
efault:
	return -EFAULT;
}

int v7_write_mem(unsigned long val, struct v7_mem_args *args);
int v7_write_mem(unsigned long val, struct v7_mem_args *args)
{
	void __user *uea = (void __user *)args->ea;

	scoped_user_write_access_size(uea, args->nb, efault)
		return v7_write_mem_aligned(val, (unsigned long)uea, args->nb);
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_write_mem);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: return of a helper call from a brace-less scope");
