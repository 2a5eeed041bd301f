// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: accesses up to byte 4095 of a masked scope
 * check-description: The store at bytes 4092..4095 and the 4096-byte copy end exactly at the last byte the guard hole protects, so both are covered by the masked scope and nothing is reported.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct v7_edge_args {
	u32 __user *out;
	u32 v;
	u8 data[4096];
};

int v7_put_edge(struct v7_edge_args *args);
int v7_put_edge(struct v7_edge_args *args)
{
	u32 __user *p = args->out;

	scoped_user_write_access(p, efault) {
		unsafe_put_user(args->v, p + 1023, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_put_edge);

int v7_put_page(struct v7_edge_args *args);
int v7_put_page(struct v7_edge_args *args)
{
	u32 __user *p = args->out;

	scoped_user_write_access(p, efault) {
		unsafe_copy_to_user((void __user *)p, args->data, sizeof(args->data), efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_put_page);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: accesses up to byte 4095 of a masked scope");
